// What `npm start` prints for a newcomer: every demo account the seed makes (and no other), with its
// password and per_ids, and the waybill account with the page it signs in at.
import { describe, expect, it } from 'vitest';
import { DEMO_ERP_ACCOUNT, DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/data.js';
import { startBanner } from '../../scripts/lib.mjs';

const banner = startBanner({
  webUrl: 'http://127.0.0.1:5173',
  apiUrl: 'http://127.0.0.1:8787',
  hubUrl: 'http://127.0.0.1:8764',
  hubKey: 'k',
  hubReady: true,
  socketUrl: 'ws://127.0.0.1:8765',
});
const accounts = banner.split('Demo accounts')[1]!;
/** Each account line: its address and the rest of the line. */
const lines = new Map([...accounts.matchAll(/^\s+(\S+@\S+)\s+(.+)$/gm)].map((m) => [m[1]!, m[2]!] as const));

describe('the start banner', () => {
  it('lists every demo account of the seed, the waybill account too, and no other', () => {
    expect([...lines.keys()].sort()).toEqual([...DEMO_USERS.map((u) => u.email), DEMO_ERP_ACCOUNT.username].sort());
    expect(accounts).toContain(`(password ${DEMO_PASSWORD})`);
  });

  it("gives each account's per_ids as the seed grants them", () => {
    for (const user of DEMO_USERS.filter((u) => u.perIds.length > 0))
      expect(lines.get(user.email), user.email).toContain(
        `per_ids ${[...user.perIds].sort((a, b) => a - b).join(',')}`,
      );
  });

  it('says where the waybill account signs in', () => {
    expect(lines.get(DEMO_ERP_ACCOUNT.username)).toMatch(
      /waybill printing, signs in at http:\/\/127\.0\.0\.1:5173\/print_waybill$/,
    );
  });
});
