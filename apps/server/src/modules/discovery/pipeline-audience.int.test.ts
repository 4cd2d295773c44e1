import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

/** "Publish to pipeline" asks with the number of members who will read the entry in full. */
let t: TestApp;
let admin: { token: string; user: { id: string } };
const audience = (token: string) => call(t.app, 'GET', '/api/admin/discoveries/pipeline/audience', { token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { verified: true });
  await setRole(t.database, admin.user.id, 'Admin');
});
afterAll(() => t?.close());

describe('GET /api/admin/discoveries/pipeline/audience', () => {
  it('counts paid members who are not disabled; Starter members, disabled members and admins are not counted', async () => {
    const before = (await audience(admin.token)).body.data.recipients as number;
    const pro = await registerUser(t.app, { verified: true });
    await setRole(t.database, pro.user.id, 'Pro');
    const member = await registerUser(t.app, { verified: true });
    await setRole(t.database, member.user.id, 'Member');
    await registerUser(t.app, { verified: true }); // Starter: sees the entry masked
    const gone = await registerUser(t.app, { verified: true });
    await setRole(t.database, gone.user.id, 'Pro');
    await t.database.query('update users set disabled = true where id = $1', [gone.user.id]);
    const other = await registerUser(t.app, { verified: true });
    await setRole(t.database, other.user.id, 'Admin');
    const res = await audience(admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.recipients).toBe(before + 2);
  });

  it('is for admins only', async () => {
    const pro = await registerUser(t.app, { verified: true });
    await setRole(t.database, pro.user.id, 'Pro');
    expect((await audience(pro.token)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/discoveries/pipeline/audience')).status).toBe(401);
  });
});
