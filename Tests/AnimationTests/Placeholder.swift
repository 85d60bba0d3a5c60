// Engine tests.
import Testing
