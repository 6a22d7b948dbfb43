import 'expect-toolcalls/jest'
