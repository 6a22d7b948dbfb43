// The matchers' types for Jest's expect: a declaration file the tsconfig includes.
import 'expect-toolcalls/jest'
