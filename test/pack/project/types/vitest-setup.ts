// A Vitest user's setup file, which registers the matchers and gives their types.
import 'expect-toolcalls/vitest'
