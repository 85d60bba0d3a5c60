// Replaced by this target's tests as they land.
import Testing
