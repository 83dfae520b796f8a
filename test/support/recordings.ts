/**
 * A recording as ScreenRec answers it (list, create and update answers), with every field the service API lists filled in,
 * so a platform's output shows each of them.
 */
export function serviceRecording(id: string, pageUrl: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    status: 'COMPLETED',
    direction: 'REQUEST',
    tags: ['support'],
    notifications: [{ type: 'EMAIL', value: 'agent@example.com' }],
    comment: 'Customer reports a broken export',
    createdDate: '2026-11-21T09:30:00.000Z',
    userId: '9a1d2c3b-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
    externalReference: 'ticket-4711',
    url: pageUrl,
    ...overrides,
  };
}
