// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, sessionAs, stubApi } from '../../test-support/render-as';
import { AppLayout } from './app-layout';
import { NAV_DRAWER_ID } from './nav-drawer';

// The user menu's sign-out needs the OIDC provider, which these tests do not open.
vi.mock('../../lib/auth/use-sign-out', () => ({ useSignOut: () => async () => undefined }));

/** matchMedia answering every min-width query as a screen `width` px wide would. */
function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      matches: width >= min,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

function renderLayout() {
  stubApi(() => undefined);
  // One route for every administration page, so the layout stays mounted as a link is followed.
  return renderAt(sessionAs('clinic-admin'), '/admin/clinics', [
    { path: '/admin/*', element: <AppLayout /> },
  ]);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const drawer = () => document.getElementById(NAV_DRAWER_ID);

describe('the navigation drawer on a narrow screen (a modal sheet)', () => {
  beforeEach(() => stubScreenWidth(390));

  it('opens as a named modal dialog with the rest of the page inert, focuses its first link, and Escape closes it', async () => {
    renderLayout();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    expect(drawer()?.className).not.toContain('nav-drawer--open');

    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Navigation menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.getAttribute('aria-label')).toBe('Close navigation');
    // Everything outside the drawer is inert: the header and the content.
    expect(document.querySelector('header')?.closest('[inert]')).not.toBeNull();
    expect(document.getElementById('main-content')?.closest('[inert]')).not.toBeNull();
    expect(drawer()?.closest('[inert]')).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = Array.from(nav.querySelectorAll('a'));
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(document.activeElement).toBe(links[0]);
    expect(links[0]?.textContent).toBe('Signature inbox');

    // Tab wraps inside the sheet.
    links.at(-1)?.focus();
    await user.tab();
    expect(document.activeElement).toBe(links[0]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(links.at(-1));

    await user.keyboard('{Escape}');
    expect(drawer()?.className).not.toContain('nav-drawer--open');
    expect(document.querySelector('[inert]')).toBeNull();
    const reopen = screen.getByRole('button', { name: 'Open navigation' });
    expect(document.activeElement).toBe(reopen);
  });

  it('closes on a click on the backdrop, and when a link is followed', async () => {
    const { router } = renderLayout();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const backdrop = document.querySelector('.nav-drawer__backdrop');
    expect(backdrop).not.toBeNull();
    if (backdrop) fireEvent.click(backdrop);
    expect(drawer()?.className).not.toContain('nav-drawer--open');

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const users = Array.from(nav.querySelectorAll('a')).find((link) => link.textContent === 'Users');
    expect(users).toBeDefined();
    if (users) await user.click(users);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(drawer()?.className).not.toContain('nav-drawer--open');
  });
});

describe('the navigation drawer on a wide screen (persistent)', () => {
  beforeEach(() => stubScreenWidth(1280));

  it('opens beside the content, not as a dialog, marks the current page, and Escape closes it', async () => {
    renderLayout();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(document.querySelector('.app-layout__content--shifted')).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Clinics');

    await act(() => vi.advanceTimersByTimeAsync(60));
    await user.keyboard('{Escape}');
    expect(drawer()?.className).not.toContain('nav-drawer--open');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open navigation' }));
  });
});

describe('the page toolbar', () => {
  it('has a skip link to the main content and the breadcrumb navigation', async () => {
    stubScreenWidth(1280);
    renderLayout();
    expect((await screen.findByRole('link', { name: 'Skip to main content' })).getAttribute('href')).toBe(
      '#main-content',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeDefined();
    expect(screen.getByRole('main').id).toBe('main-content');
  });
});
