/** The calls every vendor fixture of these tests makes: the weather in Paris, then in Rome, as read. */
export const parisAndRome = [
  { name: 'get_weather', args: { city: 'Paris' } },
  { name: 'get_weather', args: { city: 'Rome' } },
]
