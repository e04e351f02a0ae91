// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';
import { Badge } from './badge';
import { Button, ButtonLink, IconButton } from './button';
import { Checkbox } from './checkbox';
import { Chip } from './chip';
import { LinearProgress } from './linear-progress';
import { ToggleButton, ToggleButtonGroup } from './toggle-button';

afterEach(() => {
  cleanup();
});

/** Shows where the router is, and the state it was given. */
function Where() {
  const location = useLocation();
  return (
    <output aria-label="location">
      {location.pathname}
      {location.state ? ` ${JSON.stringify(location.state)}` : ''}
    </output>
  );
}

function ControlledCheckbox() {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox aria-label="Select row" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
  );
}

/** A select-all box over 3 rows: each click selects one more row, then none. */
function SelectAll() {
  const [selected, setSelected] = useState(1);
  return (
    <Checkbox
      aria-label="Select all"
      checked={selected === 3}
      indeterminate={selected > 0 && selected < 3}
      onChange={() => setSelected((n) => (n === 3 ? 0 : n + 1))}
    />
  );
}

function QuickFilters({ onGroup }: { onGroup?: (on: boolean) => void }) {
  const [overdue, setOverdue] = useState(false);
  const [mine, setMine] = useState(true);
  return (
    <ToggleButtonGroup aria-label="Quick filters" size="small">
      <ToggleButton
        selected={overdue}
        onChange={() => {
          setOverdue(!overdue);
          onGroup?.(!overdue);
        }}
      >
        Overdue
      </ToggleButton>
      <ToggleButton selected={mine} onChange={() => setMine(!mine)} size="medium">
        Mine
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

describe('Button', () => {
  it('is a named button of type "button" that calls onClick, with its look in classes', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <Button
          variant="contained"
          size="small"
          color="error"
          startIcon={<svg data-testid="icon" />}
          onClick={onClick}
        >
          Delete
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('ui-button ui-button--contained ui-button--error ui-button--small');
    expect(screen.getByTestId('icon').parentElement?.className).toContain('ui-button__icon--start');
    await userEvent.setup().click(button);
    // Called once, by the click: the form was not submitted.
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('submits its form when given type="submit"', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Save</Button>
      </form>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('does not fire when disabled, by mouse or keyboard', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Sign
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.className).toContain('ui-button--disabled');
    const user = userEvent.setup();
    await user.click(button);
    await user.tab();
    await user.keyboard('{Enter} ');
    expect(onClick).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(button);
  });

  it('works from the keyboard and passes id, style, aria-* and data-* through', async () => {
    const onClick = vi.fn();
    render(
      <Button
        id="go"
        style={{ marginTop: 3 }}
        aria-haspopup="dialog"
        data-testid="go"
        fullWidth
        onClick={onClick}
      >
        Go
      </Button>,
    );
    const button = screen.getByTestId('go');
    expect(button.id).toBe('go');
    expect(button.style.marginTop).toBe('3px');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.className).toContain('ui-button--full-width');
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('forwards its ref to the button element', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Ref</Button>);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Ref' }));
  });
});

describe('ButtonLink', () => {
  function renderRouter(link: ReactNode) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              {link}
              <Where />
            </>
          ),
        },
        { path: '/admin/users', element: <Where /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('is a link with the href of its target and navigates in the app with its state', async () => {
    const ref = createRef<HTMLAnchorElement>();
    const onClick = vi.fn();
    renderRouter(
      <ButtonLink to="/admin/users" state={{ from: 'inbox' }} variant="outlined" ref={ref} onClick={onClick}>
        Users
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Users' });
    expect(link.getAttribute('href')).toBe('/admin/users');
    expect(link.className).toContain('ui-button--outlined');
    expect(ref.current).toBe(link);
    await userEvent.setup().click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
      '/admin/users {"from":"inbox"}',
    );
  });

  it('replaces the history entry when asked to', async () => {
    const router = renderRouter(
      <ButtonLink to="/admin/users" replace>
        Users
      </ButtonLink>,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Users' }));
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does not navigate when disabled, and leaves the tab order', async () => {
    const onClick = vi.fn();
    const router = renderRouter(
      <ButtonLink to="/admin/users" disabled onClick={onClick}>
        Users
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Users' });
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.tabIndex).toBe(-1);
    // The CSS (pointer-events: none) is not loaded here: this is the click handler refusing.
    await userEvent.setup().click(link);
    expect(onClick).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('IconButton', () => {
  it('is a button named by its aria-label, with size, colour and edge classes, and forwards its ref', async () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <IconButton aria-label="Close" size="small" color="primary" edge="end" ref={ref} onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(ref.current).toBe(button);
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe(
      'ui-icon-button ui-icon-button--small ui-icon-button--primary ui-icon-button--edge-end',
    );
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not fire when disabled', async () => {
    const onClick = vi.fn();
    render(
      <IconButton aria-label="Refresh" disabled onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Chip', () => {
  it('shows its label with its look in classes, and marks an icon without its own colour', () => {
    render(
      <Chip
        label="Overdue"
        size="small"
        variant="outlined"
        color="warning"
        title="Past its review time"
        icon={<svg data-testid="chip-icon" className="own" />}
      />,
    );
    const chip = screen.getByTitle('Past its review time');
    expect(chip.textContent).toBe('Overdue');
    expect(chip.className).toBe('ui-chip ui-chip--small ui-chip--outlined ui-chip--warning');
    expect(screen.getByTestId('chip-icon').getAttribute('class')).toBe(
      'own ui-chip__icon ui-chip__icon--chip-color',
    );
  });

  it('can be named or hidden from assistive technology', () => {
    render(
      <>
        <Chip label="AF" aria-label="Atrial fibrillation without anticoagulation" />
        <Chip label="Hidden" aria-hidden />
      </>,
    );
    expect(screen.getByLabelText('Atrial fibrillation without anticoagulation').textContent).toBe('AF');
    expect(screen.getByText('Hidden').closest('.ui-chip')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('Checkbox', () => {
  it('is a native checkbox named by its aria-label that toggles by click and Space', async () => {
    render(<ControlledCheckbox />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select row' });
    const user = userEvent.setup();
    await user.click(box);
    expect(box.checked).toBe(true);
    await user.keyboard(' ');
    expect(box.checked).toBe(false);
    expect(document.activeElement).toBe(box);
  });

  it('sets the indeterminate DOM property from its prop, and keeps it after a click until the prop changes', async () => {
    render(<SelectAll />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
    expect(box.indeterminate).toBe(true);
    const user = userEvent.setup();
    await user.click(box); // 2 of 3: still partly selected
    expect(box.indeterminate).toBe(true);
    expect(box.checked).toBe(false);
    await user.click(box); // 3 of 3
    expect(box.indeterminate).toBe(false);
    expect(box.checked).toBe(true);
  });

  it('puts className and style on the root, the rest on the input, and forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <Checkbox
        ref={ref}
        size="small"
        className="row-check"
        style={{ marginLeft: 2 }}
        name="rows"
        value="r1"
        aria-label="Row 1"
        defaultChecked
      />,
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Row 1' });
    expect(ref.current).toBe(box);
    expect(box.name).toBe('rows');
    expect(box.value).toBe('r1');
    expect(box.checked).toBe(true);
    const root = box.parentElement as HTMLElement;
    expect(root.className).toBe('ui-checkbox ui-checkbox--small row-check');
    expect(root.style.marginLeft).toBe('2px');
  });

  it('calls a callback ref with the input, and with null when removed', () => {
    const calls: (HTMLInputElement | null)[] = [];
    const { unmount } = render(<Checkbox aria-label="A" ref={(node) => void calls.push(node)} />);
    expect(calls).toEqual([screen.getByRole('checkbox', { name: 'A' })]);
    unmount();
    expect(calls.at(-1)).toBeNull();
  });

  it('does not change when disabled', async () => {
    const onChange = vi.fn();
    render(<Checkbox aria-label="Locked" disabled onChange={onChange} />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Locked' });
    await userEvent.setup().click(box);
    expect(box.checked).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
    expect(box.parentElement?.className).toContain('ui-checkbox--disabled');
  });
});

describe('Badge', () => {
  const pill = (container: HTMLElement) => container.querySelector('.ui-badge__badge') as HTMLElement;

  it('shows the count in an aria-hidden pill beside its child', () => {
    const { container } = render(
      <Badge badgeContent={7} color="error">
        <svg data-testid="bell" />
      </Badge>,
    );
    expect(pill(container).textContent).toBe('7');
    expect(pill(container).getAttribute('aria-hidden')).toBe('true');
    expect(pill(container).className).toBe('ui-badge__badge ui-badge__badge--error');
    expect(screen.getByTestId('bell').parentElement?.className).toBe('ui-badge');
  });

  it('caps the count at max with a plus', () => {
    const { container, rerender } = render(<Badge badgeContent={100}>x</Badge>);
    expect(pill(container).textContent).toBe('99+');
    rerender(<Badge badgeContent={99}>x</Badge>);
    expect(pill(container).textContent).toBe('99');
    rerender(
      <Badge badgeContent={10} max={9}>
        x
      </Badge>,
    );
    expect(pill(container).textContent).toBe('9+');
  });

  it('is hidden at 0 and without a count, unless showZero', () => {
    const { container, rerender } = render(<Badge badgeContent={0}>x</Badge>);
    expect(pill(container).className).toContain('ui-badge__badge--invisible');
    expect(pill(container).textContent).toBe('');
    rerender(<Badge>x</Badge>);
    expect(pill(container).className).toContain('ui-badge__badge--invisible');
    rerender(
      <Badge badgeContent={0} showZero>
        x
      </Badge>,
    );
    expect(pill(container).className).not.toContain('ui-badge__badge--invisible');
    expect(pill(container).textContent).toBe('0');
  });

  it('can hide itself whole from assistive technology', () => {
    const { container } = render(
      <Badge badgeContent={2} aria-hidden="true" className="filter-badge">
        x
      </Badge>,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.className).toBe('ui-badge filter-badge');
  });
});

describe('LinearProgress', () => {
  it('is an indeterminate progressbar without a value', () => {
    render(<LinearProgress aria-label="Loading documents" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading documents' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.className).toContain('ui-linear-progress--indeterminate');
    expect(bar.querySelectorAll('.ui-linear-progress__bar')).toHaveLength(2);
  });

  it('is determinate with a value: aria values 0–100 and the bar moved to match, clamped', () => {
    const { rerender } = render(<LinearProgress aria-label="Uploading" value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    const bar1 = bar.querySelector('.ui-linear-progress__bar1') as HTMLElement;
    expect(bar1.style.transform).toBe('translateX(-60%)');
    expect(bar.querySelector('.ui-linear-progress__bar2')).toBeNull();
    rerender(<LinearProgress aria-label="Uploading" value={140} />);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar1.style.transform).toBe('translateX(0%)');
  });
});

describe('Alert', () => {
  it('is an alert with the severity icon and its message', () => {
    render(<Alert severity="error">The document was not signed.</Alert>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The document was not signed.');
    expect(alert.className).toBe('ui-alert ui-alert--error');
    const icon = alert.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('focusable')).toBe('false');
    expect(icon?.querySelector('path')?.getAttribute('d')).toMatch(/^M11 15h2v2h-2z/);
  });

  it('draws a different icon for each severity, defaulting to success like MUI', () => {
    const paths = (['success', 'warning', 'info', 'error'] as const).map((severity) => {
      const { container } = render(<Alert severity={severity}>{severity}</Alert>);
      return container.querySelector('path')?.getAttribute('d');
    });
    expect(new Set(paths).size).toBe(4);
    const { container } = render(<Alert>Saved</Alert>);
    expect(container.querySelector('.ui-alert')?.className).toBe('ui-alert ui-alert--success');
  });

  it('takes another role, an action, a custom icon or none, and passes data-* through', async () => {
    const onRetry = vi.fn();
    render(
      <>
        <Alert
          role="status"
          severity="info"
          data-testid="info"
          action={
            <button type="button" onClick={onRetry}>
              Retry
            </button>
          }
          icon={false}
        >
          Loading failed.
        </Alert>
        <Alert severity="warning" role="presentation" icon={<span data-testid="custom-icon" />}>
          Mind the gap.
        </Alert>
      </>,
    );
    const info = screen.getByRole('status');
    expect(info).toBe(screen.getByTestId('info'));
    expect(info.querySelector('svg')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('custom-icon').parentElement?.className).toBe('ui-alert__icon');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ToggleButton', () => {
  it('is a group of named buttons whose aria-pressed follows selected', async () => {
    const onGroup = vi.fn();
    render(<QuickFilters onGroup={onGroup} />);
    const group = screen.getByRole('group', { name: 'Quick filters' });
    expect(group.className).toBe('ui-toggle-group');
    const overdue = screen.getByRole('button', { name: 'Overdue', pressed: false });
    const mine = screen.getByRole('button', { name: 'Mine', pressed: true });
    // The group's size reaches its buttons; a button's own size wins.
    expect(overdue.className).toBe('ui-toggle-button ui-toggle-button--small');
    expect(mine.className).toBe('ui-toggle-button ui-toggle-button--medium ui-toggle-button--selected');
    const user = userEvent.setup();
    await user.click(overdue);
    expect(overdue.getAttribute('aria-pressed')).toBe('true');
    expect(onGroup).toHaveBeenLastCalledWith(true);
    await user.tab();
    expect(document.activeElement).toBe(mine);
    await user.keyboard(' ');
    expect(mine.getAttribute('aria-pressed')).toBe('false');
  });

  it('calls onClick first and skips onChange when it prevents the default; forwards its ref', async () => {
    const ref = createRef<HTMLButtonElement>();
    const onChange = vi.fn();
    render(
      <ToggleButton
        ref={ref}
        selected={false}
        onChange={onChange}
        onClick={(event) => event.preventDefault()}
      >
        Group by patient
      </ToggleButton>,
    );
    const button = screen.getByRole('button', { name: 'Group by patient' });
    expect(ref.current).toBe(button);
    await userEvent.setup().click(button);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not change when disabled', async () => {
    const onChange = vi.fn();
    render(
      <ToggleButton selected onChange={onChange} disabled>
        Archived
      </ToggleButton>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Archived' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
