// @vitest-environment jsdom

import { cleanup, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INBOX_SHORTCUTS, resolveInboxShortcut } from '../inbox-shortcuts';
import { ARROW_KEYS_MOVE_SELECTION, useInboxKeyboard } from './use-inbox-keyboard';

function setup() {
  const handlers = {
    next: vi.fn(),
    previous: vi.fn(),
    sign: vi.fn(),
    acknowledge: vi.fn(),
    search: vi.fn(),
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    shortcuts: vi.fn(),
    download: vi.fn(),
    back: vi.fn(() => false),
  };
  renderHook(() => useInboxKeyboard(handlers));
  return handlers;
}

describe('inbox keyboard shortcuts', () => {
  afterEach(() => {
    cleanup();
    document.body.replaceChildren();
  });

  it('j and k move anywhere; the arrows only in the list (elsewhere they scroll)', () => {
    const handlers = setup();
    for (const key of ['j', 'k', 'ArrowDown']) fireEvent.keyDown(document.body, { key });
    const viewer = document.createElement('div');
    viewer.tabIndex = 0;
    document.body.append(viewer);
    fireEvent.keyDown(viewer, { key: 'ArrowDown' });
    fireEvent.keyDown(viewer, { key: 'j' });
    const list = document.createElement('ul');
    list.setAttribute(ARROW_KEYS_MOVE_SELECTION, '');
    const row = document.createElement('div');
    list.append(row);
    document.body.append(list);
    fireEvent.keyDown(row, { key: 'ArrowUp' });
    expect(handlers.next).toHaveBeenCalledTimes(3);
    expect(handlers.previous).toHaveBeenCalledTimes(2);
  });

  it('letters typed into the note do not act, but Ctrl+Enter there signs and Ctrl+Shift+Enter acknowledges', () => {
    const handlers = setup();
    const note = document.createElement('textarea');
    document.body.append(note);
    for (const key of ['j', 'ArrowDown', '/', '+', 'd', '?']) fireEvent.keyDown(note, { key });
    expect(Object.values(handlers).every((handler) => handler.mock.calls.length === 0)).toBe(true);
    fireEvent.keyDown(note, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(note, { key: 'Enter', metaKey: true, shiftKey: true });
    expect(handlers.sign).toHaveBeenCalledTimes(1);
    expect(handlers.acknowledge).toHaveBeenCalledTimes(1);
  });

  it('/ searches, + and - zoom, d downloads, ? shows the sheet; a handler saying false leaves the key', () => {
    const handlers = setup();
    for (const key of ['/', '+', '=', '-', 'd', '?']) fireEvent.keyDown(document.body, { key });
    expect(handlers.search).toHaveBeenCalledTimes(1);
    expect(handlers.zoomIn).toHaveBeenCalledTimes(2);
    expect(handlers.zoomOut).toHaveBeenCalledTimes(1);
    expect(handlers.download).toHaveBeenCalledTimes(1);
    expect(handlers.shortcuts).toHaveBeenCalledTimes(1);
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.body.dispatchEvent(escapeKey);
    expect(handlers.back).toHaveBeenCalledTimes(1);
    expect(escapeKey.defaultPrevented).toBe(false);
  });

  it('keys inside an open dialog or menu are left to it', () => {
    const handlers = setup();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    fireEvent.keyDown(button, { key: 'j' });
    fireEvent.keyDown(button, { key: 'Enter', ctrlKey: true });
    expect(handlers.next).not.toHaveBeenCalled();
    expect(handlers.sign).not.toHaveBeenCalled();
  });

  it('a plain Enter does nothing, and every shortcut on the sheet does something', () => {
    const handlers = setup();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(handlers.sign).not.toHaveBeenCalled();
    const place = { typing: false, inPopup: false, arrowsMoveSelection: true };
    const press = (key: string) =>
      resolveInboxShortcut(
        {
          key: key
            .replace('Ctrl + Shift + ', '')
            .replace('Ctrl + ', '')
            .replace('Esc', 'Escape')
            .replace('−', '-')
            .replace('↓', 'ArrowDown')
            .replace('↑', 'ArrowUp'),
          ctrlKey: key.startsWith('Ctrl'),
          metaKey: false,
          altKey: false,
          shiftKey: key.includes('Shift'),
        },
        place,
      );
    for (const shortcut of INBOX_SHORTCUTS) {
      for (const key of shortcut.keys) expect(press(key), key).toBeDefined();
      expect(press(shortcut.keys[0] ?? '')).toBe(shortcut.action);
    }
  });
});
