// @vitest-environment jsdom

import { USER_ACCOUNT_STATES } from '@portal/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountStateChip } from './account-state-chip';

afterEach(cleanup);

describe('AccountStateChip: an account state in words and an icon, not colour alone', () => {
  it.each([
    ['invited', 'Invited — no password yet', 'MailOutlinedIcon'],
    ['active', 'Active', 'CheckCircleOutlinedIcon'],
    ['locked', 'Locked', 'LockIcon'],
    ['temporarily-locked', 'Temporarily locked (too many attempts)', 'HourglassTopIcon'],
  ] as const)('%s reads "%s"', (state, label, icon) => {
    const { container } = render(<AccountStateChip state={state} />);
    expect(screen.getByText(label)).toBeTruthy();
    expect(container.querySelector(`[data-testid="${icon}"]`)).not.toBeNull();
  });

  it('every state has its own words', () => {
    const labels = USER_ACCOUNT_STATES.map((state) => {
      const { container } = render(<AccountStateChip state={state} />);
      const text = container.textContent;
      cleanup();
      return text;
    });
    expect(new Set(labels).size).toBe(USER_ACCOUNT_STATES.length);
  });
});
