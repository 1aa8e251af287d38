import { PRINT_BLOCKED_MESSAGE, SCREENSHOT_BLOCKED_MESSAGE, SCREENSHOT_BLUR_MS } from 'contracts';
import { type RefObject, useEffect, useRef, useState } from 'react';

const BLOCKED_EVENTS = ['copy', 'cut', 'paste', 'contextmenu', 'dragstart', 'selectstart', 'drop'] as const;

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Ctrl/Cmd+P, and Shift+P outside a text field (where it is only a capital P). */
export function isPrintShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target'>) {
  if (event.key.toLowerCase() !== 'p') return false;
  if (event.ctrlKey || event.metaKey) return true;
  return event.shiftKey && !isEditable(event.target);
}

/** PrintScreen, macOS Cmd+Shift+3/4/5/6, Windows Win+Shift+S. */
export function isScreenshotShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'shiftKey'>) {
  if (event.key === 'PrintScreen') return true;
  if (!(event.metaKey && event.shiftKey)) return false;
  return ['3', '4', '5', '6', 's', 'S', '#', '$', '%', '^'].includes(event.key);
}

/**
 * The viewer's protection (docs/product.md): inside `area`, copy, cut, paste, the context menu, dragging and
 * selecting are refused; anywhere on the page, printing shortcuts show the print message and screenshot keys
 * the screenshot message with the content blurred for a second. A print stylesheet hides the content anyway.
 */
export function useContentProtection(area: RefObject<HTMLElement | null>, warn: (message: string) => void) {
  const [blurred, setBlurred] = useState(false);
  // The listeners stay the same for the page's life; they call the latest `warn`.
  const warnRef = useRef(warn);
  warnRef.current = warn;

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const refuse = (event: Event) => event.preventDefault();
    for (const name of BLOCKED_EVENTS) element.addEventListener(name, refuse);
    return () => {
      for (const name of BLOCKED_EVENTS) element.removeEventListener(name, refuse);
    };
  }, [area]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const screenshot = (event: KeyboardEvent) => {
      event.preventDefault();
      warnRef.current(SCREENSHOT_BLOCKED_MESSAGE);
      setBlurred(true);
      clearTimeout(timer);
      timer = setTimeout(() => setBlurred(false), SCREENSHOT_BLUR_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (isPrintShortcut(event)) {
        event.preventDefault();
        warnRef.current(PRINT_BLOCKED_MESSAGE);
      } else if (event.key !== 'PrintScreen' && isScreenshotShortcut(event)) {
        screenshot(event);
      }
    };
    // Some browsers give PrintScreen to pages on key up only: it is watched there, once.
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === 'PrintScreen') screenshot(event);
    };
    const onPrint = () => warnRef.current(PRINT_BLOCKED_MESSAGE);
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('beforeprint', onPrint);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('beforeprint', onPrint);
    };
  }, []);

  return { blurred };
}
