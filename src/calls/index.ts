export { readTurns, toolCalls } from './read'
export { readValue, type ValueReading } from './plain-value'
export { readPythonCalls } from './python'
export { isUnparseable, unparseableCall, type ToolCall, type Turns } from './tool-call'
