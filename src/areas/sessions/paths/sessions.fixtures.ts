/** A session as the Sessions list holds it: Ada's, the one the revoke paths end. */
export const adaSession = {
  id: '0192f0c4-0000-7000-8000-000000000009',
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-01T12:00:00.000Z',
  userId: '0192f0c4-0000-7000-9000-000000000001',
  ip: '192.0.2.7',
  userAgent: 'curl/8.5.0',
  expires: '2026-01-02T12:00:00.000Z',
  nameFirst: 'Ada',
  nameLast: 'Lovelace',
}
