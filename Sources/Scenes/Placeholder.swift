public enum ScenesPlaceholder {}
