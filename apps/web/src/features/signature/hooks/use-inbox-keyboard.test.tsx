// @vitest-environment jsdom

import { cleanup, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInboxKeyboard } from './use-inbox-keyboard';

function setup() {
  const onMove = vi.fn();
  const onPrimaryAction = vi.fn();
  renderHook(() => useInboxKeyboard({ onMove, onPrimaryAction }));
  return { onMove, onPrimaryAction };
}

describe('inbox keyboard shortcuts', () => {
  afterEach(() => {
    cleanup();
    document.body.replaceChildren();
  });

  it('j and ArrowDown move down, k and ArrowUp move up', () => {
    const { onMove } = setup();
    for (const key of ['j', 'ArrowDown', 'k', 'ArrowUp']) fireEvent.keyDown(document.body, { key });
    expect(onMove.mock.calls).toEqual([[1], [1], [-1], [-1]]);
  });

  it('letters typed into the note do not move the selection, but Ctrl+Enter there signs', () => {
    const { onMove, onPrimaryAction } = setup();
    const note = document.createElement('textarea');
    document.body.append(note);
    fireEvent.keyDown(note, { key: 'j' });
    fireEvent.keyDown(note, { key: 'ArrowDown' });
    expect(onMove).not.toHaveBeenCalled();
    fireEvent.keyDown(note, { key: 'Enter', ctrlKey: true });
    expect(onPrimaryAction).toHaveBeenCalledTimes(1);
  });

  it('keys inside an open dialog or menu are left to it', () => {
    const { onMove, onPrimaryAction } = setup();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    fireEvent.keyDown(button, { key: 'j' });
    fireEvent.keyDown(button, { key: 'Enter', ctrlKey: true });
    expect(onMove).not.toHaveBeenCalled();
    expect(onPrimaryAction).not.toHaveBeenCalled();
  });

  it('a plain Enter does nothing', () => {
    const { onPrimaryAction } = setup();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onPrimaryAction).not.toHaveBeenCalled();
  });
});
