public enum X11HostPlaceholder {}
