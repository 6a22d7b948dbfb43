import 'expect-toolcalls/vitest'
