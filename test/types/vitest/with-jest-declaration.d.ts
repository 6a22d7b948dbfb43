// A declaration file for Jest's or the standalone expect's types, in the same program as Vitest's (a repository whose tests run under both).
import 'expect-toolcalls/jest'
