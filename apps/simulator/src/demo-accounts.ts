// The demo accounts (DESIGN.md 4: only demo mode has them). Their uuids are fixed so that the site,
// its tests and its docs can name them whatever the seed. The simulator sends DemoPlayer's password
// as a plugin would; DemoAdmin, a staff account, is made by the site itself in demo mode (a game
// server may not grant staff roles).
export const DEMO_PLAYER = {
  uuid: '5d2f3c1a-8b4e-4f6a-9c7d-1e2f3a4b5c6d',
  username: 'DemoPlayer',
  password: 'prison-demo',
} as const;

export const DEMO_ADMIN = {
  uuid: 'a7e4b9c2-3d1f-4e8a-b6c5-9f0e1d2c3b4a',
  username: 'DemoAdmin',
  password: 'prison-admin',
  roles: ['OWNER', 'WEB_ADMIN'],
} as const;
