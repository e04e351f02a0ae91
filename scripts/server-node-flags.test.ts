import { describe, expect, it } from 'vitest';
import { maxOldSpaceMb, serverNodeFlags } from './server-node-flags.mjs';

describe("the server process's heap limits", () => {
  it('bound the young generation at 16 MB semi-spaces and the old generation at 384 MB by default', () => {
    expect(serverNodeFlags({})).toEqual(['--max-semi-space-size=16', '--max-old-space-size=384']);
  });

  it('take a larger or smaller old generation from SERVER_MAX_OLD_SPACE_MB, never below 256 MB', () => {
    expect(maxOldSpaceMb({ SERVER_MAX_OLD_SPACE_MB: '1024' })).toBe(1024);
    expect(maxOldSpaceMb({ SERVER_MAX_OLD_SPACE_MB: '256' })).toBe(256);
    for (const unusable of ['255', '64', '-1', '384.5', 'lots', '']) {
      expect(maxOldSpaceMb({ SERVER_MAX_OLD_SPACE_MB: unusable }), unusable).toBe(384);
    }
  });
});
