import { describe, expect, test } from '@jest/globals'
import { oneOf, optional, toolCalls } from 'expect-toolcalls'
import { calendarAgent } from './calendar-agent'

describe('the calendar agent', () => {
  test('creates the meeting and invites each attendee', () => {
    expect(calendarAgent('Set up a meeting with Ada and Alan at 3pm and invite them')).toMatchToolCalls([
      { name: 'create_event', args: { title: optional(), time: '15:00', attendees: ['Ada', 'Alan'] } },
      { name: 'send_email', args: { to: 'alan', subject: expect.any(String) } },
      { name: 'send_email', args: { to: 'ada', subject: oneOf('Invitation', 'Meeting') } },
    ])
  })

  test('creates the meeting whatever else it does', () => {
    expect(calendarAgent('Meeting with Grace at 9am, tell her')).toMatchToolCalls(
      [{ name: 'create_event', args: { title: 'meeting', time: '09:00', attendees: ['Grace'] } }],
      { allowExtra: true },
    )
  })

  test('sends no email unless asked to', () => {
    expect(calendarAgent('Meeting with Grace at 9am')).not.toHaveCalledTool('send_email')
  })

  test('writes to every attendee', () => {
    const reply = calendarAgent('Meeting with Ada, Alan and Grace at 10:30am, invite everyone')
    expect(toolCalls(reply).filter((call) => call.name === 'send_email')).toHaveLength(3)
    expect(reply).toHaveCalledTool('send_email', { to: 'grace', subject: 'Invitation' })
  })

  test('keeps its text next to the calls', () => {
    expect(calendarAgent('Meeting with Ada at 1pm')).toEqual({
      role: 'assistant',
      content: expect.toMatchToolCalls([{ name: 'create_event', args: { title: 'Meeting', time: '13:00', attendees: ['Ada'] } }]),
    })
  })
})
