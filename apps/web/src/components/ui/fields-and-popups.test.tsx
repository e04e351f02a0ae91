// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, MenuDivider, MenuHeader, MenuItem } from './menu';
import { Select, type SelectOption } from './select';
import { TextField } from './text-field';
import { Tooltip } from './tooltip';
import { BREAKPOINTS, up, useMediaQuery } from './use-media-query';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type ClinicId = 'alpha' | 'beta' | 'bravo' | 'charlie';
const CLINICS: readonly SelectOption<ClinicId>[] = [
  { value: 'alpha', label: 'Alpha Clinic' },
  { value: 'beta', label: 'Beta Clinic' },
  { value: 'bravo', label: 'Bravo Clinic' },
  { value: 'charlie', label: 'Charlie Clinic' },
];

function ClinicSelect({ onChange, disabled }: { onChange: (value: ClinicId) => void; disabled?: boolean }) {
  const [value, setValue] = useState<ClinicId>('alpha');
  return (
    <>
      <Select
        label="Clinic"
        size="small"
        value={value}
        options={CLINICS}
        disabled={disabled}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">After</button>
    </>
  );
}

function setupSelect(options: { disabled?: boolean } = {}) {
  const onChange = vi.fn<(value: ClinicId) => void>();
  render(<ClinicSelect onChange={onChange} disabled={options.disabled} />);
  const user = userEvent.setup();
  const combobox = screen.getByRole('combobox', { name: 'Clinic' });
  const listbox = () => screen.queryByRole('listbox', { name: 'Clinic' });
  /** The option aria-activedescendant points at. */
  const activeOption = () => {
    const id = combobox.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.textContent : undefined;
  };
  return { onChange, user, combobox, listbox, activeOption };
}

describe('Select', () => {
  it('is a combobox named by its label alone, whose text is the chosen option', () => {
    const { combobox, listbox } = setupSelect();
    expect(combobox.textContent).toBe('Alpha Clinic');
    expect(combobox.getAttribute('aria-haspopup')).toBe('listbox');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.hasAttribute('aria-controls')).toBe(false);
    expect(combobox.hasAttribute('aria-activedescendant')).toBe(false);
    expect(listbox()).toBeNull();
  });

  it('opens on a click, in a portal on <body>, and a click on an option chooses it', async () => {
    const { user, combobox, listbox, onChange } = setupSelect();
    await user.click(combobox);
    const list = listbox();
    expect(list).not.toBeNull();
    expect(list?.parentElement).toBe(document.body);
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(combobox.getAttribute('aria-controls')).toBe(list?.id);
    const options = within(list as HTMLElement).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(CLINICS.map((clinic) => clinic.label));
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);

    await user.click(screen.getByRole('option', { name: 'Beta Clinic' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('beta');
    expect(listbox()).toBeNull();
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.textContent).toBe('Beta Clinic');
    expect(document.activeElement).toBe(combobox);
  });

  it('a second click on the combobox closes it without choosing', async () => {
    const { user, combobox, listbox, onChange } = setupSelect();
    await user.click(combobox);
    await user.click(combobox);
    expect(listbox()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('opens with ArrowDown on the chosen option; arrows, Home and End move; Enter chooses', async () => {
    const { user, combobox, listbox, activeOption, onChange } = setupSelect();
    await user.tab();
    expect(document.activeElement).toBe(combobox);
    await user.keyboard('{ArrowDown}');
    expect(listbox()).not.toBeNull();
    expect(activeOption()).toBe('Alpha Clinic');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Beta Clinic');
    await user.keyboard('{End}');
    expect(activeOption()).toBe('Charlie Clinic');
    // The list does not wrap (APG select-only combobox).
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Charlie Clinic');
    await user.keyboard('{Home}');
    expect(activeOption()).toBe('Alpha Clinic');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('Alpha Clinic');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe('Bravo Clinic');
    // The focus never leaves the combobox.
    expect(document.activeElement).toBe(combobox);

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('bravo');
    expect(listbox()).toBeNull();
    expect(combobox.textContent).toBe('Bravo Clinic');
    expect(document.activeElement).toBe(combobox);

    // Reopened, it starts on the new choice.
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('Bravo Clinic');
  });

  it('opens with Enter and with Space; Escape closes without choosing and keeps the focus', async () => {
    const { user, combobox, listbox, onChange } = setupSelect();
    combobox.focus();
    await user.keyboard('{Enter}');
    expect(listbox()).not.toBeNull();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(listbox()).toBeNull();
    expect(document.activeElement).toBe(combobox);

    await user.keyboard(' ');
    expect(listbox()).not.toBeNull();
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    // Space on the active option chooses it.
    await user.keyboard('{ArrowDown} ');
    expect(listbox()).toBeNull();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('beta');
  });

  it('Home and End open the list on the first and the last option', async () => {
    const { user, combobox, activeOption } = setupSelect();
    combobox.focus();
    await user.keyboard('{End}');
    expect(activeOption()).toBe('Charlie Clinic');
    await user.keyboard('{Escape}{Home}');
    expect(activeOption()).toBe('Alpha Clinic');
  });

  it('moves to the option whose label starts with the letters typed', async () => {
    const { user, combobox, listbox, activeOption, onChange } = setupSelect();
    // A pause of more than half a second starts a new prefix.
    let now = 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    combobox.focus();
    // Typing opens the list on the first match.
    await user.keyboard('c');
    expect(listbox()).not.toBeNull();
    expect(activeOption()).toBe('Charlie Clinic');
    now += 600;
    await user.keyboard('b');
    expect(activeOption()).toBe('Beta Clinic');
    // The same letter again, quickly, cycles through the options starting with it.
    await user.keyboard('b');
    expect(activeOption()).toBe('Bravo Clinic');
    await user.keyboard('b');
    expect(activeOption()).toBe('Beta Clinic');
    // A space while typing belongs to the prefix ('bbb '): it neither chooses nor moves.
    await user.keyboard(' ');
    expect(listbox()).not.toBeNull();
    expect(activeOption()).toBe('Beta Clinic');
    now += 600;
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('beta');
  });

  it('leaves a letter no option starts with alone', async () => {
    const { user, combobox, activeOption } = setupSelect();
    combobox.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}z');
    expect(activeOption()).toBe('Beta Clinic');
  });

  it('a typed prefix longer than a letter narrows the match', async () => {
    const { user, combobox, activeOption } = setupSelect();
    combobox.focus();
    await user.keyboard('{ArrowDown}br');
    expect(activeOption()).toBe('Bravo Clinic');
  });

  it('closes on a click outside and on Tab, choosing nothing', async () => {
    const { user, combobox, listbox, onChange } = setupSelect();
    await user.click(combobox);
    await user.click(document.body);
    expect(listbox()).toBeNull();

    await user.click(combobox);
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(listbox()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Escape closes the list only, not a dialog the select is in', async () => {
    const onDialogKey = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands in for a dialog listening for Escape
      <div onKeyDown={(event) => onDialogKey(event.key)}>
        <Select label="Type" value="a" options={[{ value: 'a', label: 'A' }]} onChange={() => {}} />
      </div>,
    );
    const user = userEvent.setup();
    screen.getByRole('combobox', { name: 'Type' }).focus();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(onDialogKey).toHaveBeenCalledWith('ArrowDown');
    expect(onDialogKey).not.toHaveBeenCalledWith('Escape');
    // Closed, Escape is the dialog's again.
    await user.keyboard('{Escape}');
    expect(onDialogKey).toHaveBeenCalledWith('Escape');
  });

  it('draws renderValue in the combobox', () => {
    render(
      <Select
        label="Clinic"
        value="beta"
        options={CLINICS}
        onChange={() => {}}
        renderValue={(option) => `NPI ${option.value}`}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Clinic' }).textContent).toBe('NPI beta');
  });

  it('a disabled select does not open', async () => {
    const { user, combobox, listbox } = setupSelect({ disabled: true });
    expect(combobox.getAttribute('aria-disabled')).toBe('true');
    await user.click(combobox);
    combobox.focus();
    await user.keyboard('{ArrowDown}');
    expect(listbox()).toBeNull();
  });

  it('can put its listbox in another container (the header)', async () => {
    render(
      <header id="app-header">
        <Select
          label="Current clinic"
          hideLabel
          value="alpha"
          options={CLINICS}
          onChange={() => {}}
          container={() => document.getElementById('app-header')}
        />
      </header>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Current clinic' }));
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('listbox', { name: 'Current clinic' }).parentElement).toBe(banner);
  });
});

/** Shows where the router is. */
function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function HelpMenu({ onSignOut, align }: { onSignOut: () => void; align?: 'start' | 'end' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'help-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Help
      </button>
      <Menu
        id="help-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        aria-labelledby="help-heading"
        align={align}
      >
        <MenuHeader id="help-heading">Help and support</MenuHeader>
        <MenuDivider />
        <MenuItem href="mailto:support@example.org" icon={<svg aria-hidden="true" />}>
          E-mail support
        </MenuItem>
        <MenuItem to="/shortcuts">Keyboard shortcuts</MenuItem>
        <MenuItem disabled onClick={() => {}}>
          Archived
        </MenuItem>
        <MenuDivider />
        <MenuItem onClick={onSignOut}>Sign out</MenuItem>
      </Menu>
      <button type="button">Elsewhere</button>
      <Where />
    </>
  );
}

function setupMenu(align?: 'start' | 'end') {
  const onSignOut = vi.fn();
  const router = createMemoryRouter([
    { path: '*', element: <HelpMenu onSignOut={onSignOut} align={align} /> },
  ]);
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Help' });
  const menu = () => screen.queryByRole('menu', { name: 'Help and support' });
  const focused = () => document.activeElement?.textContent;
  return { onSignOut, user, button, menu, focused };
}

describe('Menu', () => {
  it('opens in a portal on <body> with the focus on its first item; arrows, Home and End move it', async () => {
    const { user, button, menu, focused } = setupMenu();
    await user.click(button);
    const opened = menu();
    expect(opened).not.toBeNull();
    expect(opened?.parentElement).toBe(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('E-mail support');

    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('Keyboard shortcuts');
    // The disabled item is skipped.
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('Sign out');
    // The arrows wrap (APG menu).
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('E-mail support');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('Sign out');
    await user.keyboard('{Home}');
    expect(focused()).toBe('E-mail support');
    await user.keyboard('{End}');
    expect(focused()).toBe('Sign out');
    // A letter moves to the next item starting with it.
    await user.keyboard('k');
    expect(focused()).toBe('Keyboard shortcuts');
  });

  it('has menu items, links for href and to, separators, and a header the keyboard skips', async () => {
    const { user, button, menu } = setupMenu();
    await user.click(button);
    const opened = menu() as HTMLElement;
    const items = within(opened).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'E-mail support',
      'Keyboard shortcuts',
      'Archived',
      'Sign out',
    ]);
    expect(items.map((item) => item.tagName)).toEqual(['A', 'A', 'DIV', 'DIV']);
    expect(items[0]?.getAttribute('href')).toBe('mailto:support@example.org');
    expect(items[1]?.getAttribute('href')).toBe('/shortcuts');
    expect(items[2]?.getAttribute('aria-disabled')).toBe('true');
    expect(items.every((item) => item.getAttribute('tabindex') === '-1')).toBe(true);
    expect(within(opened).getAllByRole('separator')).toHaveLength(2);
    expect(within(opened).getByText('Help and support').hasAttribute('tabindex')).toBe(false);
  });

  it('Escape closes it and gives the focus back to the button', async () => {
    const { user, button, menu } = setupMenu();
    button.focus();
    await user.keyboard('{Enter}');
    expect(menu()).not.toBeNull();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Tab closes it and gives the focus back to the button', async () => {
    const { user, button, menu } = setupMenu();
    await user.click(button);
    await user.tab();
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('choosing an item with Enter runs it, closes the menu and focuses the button', async () => {
    const { user, button, menu, onSignOut } = setupMenu();
    await user.click(button);
    await user.keyboard('{End}{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a click on a router link item navigates and closes the menu', async () => {
    const { user, button, menu } = setupMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Keyboard shortcuts' }));
    expect(menu()).toBeNull();
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/shortcuts');
  });

  it('a click on a disabled item does nothing', async () => {
    const { user, button, menu } = setupMenu();
    await user.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Archived' }));
    expect(menu()).not.toBeNull();
  });

  it('a click outside closes it; a click on its button closes it too, without reopening it', async () => {
    const { user, button, menu, onSignOut } = setupMenu();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));

    await user.click(button);
    expect(menu()).not.toBeNull();
    await user.click(button);
    expect(menu()).toBeNull();
    // …and the next click opens it again.
    await user.click(button);
    expect(menu()).not.toBeNull();
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('sits under its button, lined up with its end edge, and follows it when the window resizes', async () => {
    const { user, button, menu } = setupMenu('end');
    let buttonBox = { left: 900, top: 10, width: 40, height: 40 };
    vi.spyOn(button, 'getBoundingClientRect').mockImplementation(() => {
      const { left, top, width, height } = buttonBox;
      return DOMRect.fromRect({ x: left, y: top, width, height });
    });
    await user.click(button);
    const opened = menu() as HTMLElement;
    // jsdom lays nothing out: the menu is 0 × 0, so its end edge is the button's.
    expect(opened.style.top).toBe('54px');
    expect(opened.style.left).toBe('940px');
    expect(opened.style.visibility).toBe('');

    buttonBox = { left: 500, top: 100, width: 40, height: 40 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(opened.style.top).toBe('144px');
    expect(opened.style.left).toBe('540px');
  });
});

function tooltipBubble(): HTMLElement | null {
  return document.body.querySelector('.ui-tooltip');
}

describe('Tooltip', () => {
  it('names its child with the title, unless the child has its own name', () => {
    render(
      <>
        <Tooltip title="Keyboard shortcuts (?)">
          <button type="button">
            <svg aria-hidden="true" />
          </button>
        </Tooltip>
        <Tooltip title="Notifications: 3 unread">
          <button type="button" aria-label="Notifications">
            <svg aria-hidden="true" />
          </button>
        </Tooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts (?)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('with describeChild, describes its child through a hidden span that is always there', () => {
    render(
      <Tooltip title="Keep each patient's documents together" describeChild>
        <button type="button" aria-describedby="extra">
          Group
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Group' });
    const ids = button.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids[0]).toBe('extra');
    const description = document.getElementById(ids[1] ?? '');
    expect(description?.textContent).toBe("Keep each patient's documents together");
    expect(description?.parentElement).toBe(button.parentElement);
    expect(tooltipBubble()).toBeNull();
  });

  it('shows on keyboard focus and hides on Escape and on blur; the bubble is hidden from assistive technology', async () => {
    render(
      <>
        <Tooltip title="Keyboard shortcuts (?)">
          <button type="button">?</button>
        </Tooltip>
        <button type="button">Next</button>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    const bubble = tooltipBubble();
    expect(bubble?.textContent).toBe('Keyboard shortcuts (?)');
    expect(bubble?.getAttribute('aria-hidden')).toBe('true');
    expect(bubble?.parentElement).toBe(document.body);
    await user.keyboard('{Escape}');
    expect(tooltipBubble()).toBeNull();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    await user.tab({ shift: true });
    expect(tooltipBubble()).not.toBeNull();
    await user.tab();
    expect(tooltipBubble()).toBeNull();
  });

  it('shows after a short hover and hides when the pointer leaves', async () => {
    const onPointerEnter = vi.fn();
    render(
      <Tooltip title="Refresh">
        <button type="button" onPointerEnter={onPointerEnter}>
          R
        </button>
      </Tooltip>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Refresh' });
    await user.hover(button);
    expect(onPointerEnter).toHaveBeenCalled();
    await waitFor(() => expect(tooltipBubble()?.textContent).toBe('Refresh'));
    await user.unhover(button);
    expect(tooltipBubble()).toBeNull();
  });

  it('keeps the ref of its child', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Tooltip title="Close">
        <button type="button" ref={ref}>
          x
        </button>
      </Tooltip>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});

function Search(props: { startAdornment?: ReactNode; endAdornment?: ReactNode; helperText?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Search"
      size="small"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      {...props}
    />
  );
}

describe('TextField', () => {
  it('is a text box named by its label, whose label floats up when focused or filled', async () => {
    render(<Search />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Search' });
    const root = input.closest('.ui-field');
    expect(root?.classList.contains('ui-field--shrink')).toBe(false);
    await user.click(input);
    expect(root?.classList.contains('ui-field--shrink')).toBe(true);
    expect(root?.classList.contains('ui-field--focused')).toBe(true);
    await user.type(input, 'Reyes');
    expect((input as HTMLInputElement).value).toBe('Reyes');
    await user.tab();
    expect(root?.classList.contains('ui-field--focused')).toBe(false);
    // Filled, it stays up.
    expect(root?.classList.contains('ui-field--shrink')).toBe(true);
  });

  it('draws adornments around the input; a click on one puts the caret in the input', async () => {
    render(
      <Search
        startAdornment={<span data-testid="search-icon">S</span>}
        endAdornment={
          <button type="button" aria-label="Clear">
            x
          </button>
        }
      />,
    );
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Search' });
    const icon = screen.getByTestId('search-icon');
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(icon.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input.compareDocumentPosition(clear) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A start adornment keeps the label up.
    expect(input.closest('.ui-field')?.classList.contains('ui-field--shrink')).toBe(true);
    await user.click(icon);
    expect(document.activeElement).toBe(input);
  });

  it('describes the input with its helper text, marks an error, and keeps the name when required', () => {
    const inputRef = createRef<HTMLInputElement>();
    render(
      <TextField label="E-mail" helperText="We write to this address" error required inputRef={inputRef} />,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(inputRef.current).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).required).toBe(true);
    const helper = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('We write to this address');
  });

  it('an uncontrolled field with a default value starts with its label up', () => {
    render(<TextField label="Name" defaultValue="Ada" id="name-field" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.id).toBe('name-field');
    expect(input.closest('.ui-field')?.classList.contains('ui-field--shrink')).toBe(true);
  });
});

function Width() {
  return <output aria-label="wide">{String(useMediaQuery(up('md')))}</output>;
}

describe('useMediaQuery', () => {
  it('is false without matchMedia, and follows the query when it changes', () => {
    render(<Width />);
    expect(screen.getByRole('status', { name: 'wide' }).textContent).toBe('false');
    cleanup();

    let matches = true;
    const listeners = new Set<() => void>();
    const matchMedia = vi.fn((query: string) => ({
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(<Width />);
      expect(matchMedia).toHaveBeenCalledWith(`(min-width:${BREAKPOINTS.md}px)`);
      expect(screen.getByRole('status', { name: 'wide' }).textContent).toBe('true');
      matches = false;
      act(() => {
        for (const listener of listeners) listener();
      });
      expect(screen.getByRole('status', { name: 'wide' }).textContent).toBe('false');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
