/**
 * What a visitor did on a prerendered page's forms before the app started
 * (issue 29, decision 088). The sign-in screens, the first onboarding step and
 * the investor and verify forms are drawn as HTML before their JavaScript
 * runs, so a person can type into them and press their buttons while the app
 * is still downloading. Nothing of that may be lost: the page's `<head>`
 * holds a press (scripts/prerender-html.ts, HOLD_PRESSES_UNTIL_THE_APP_STARTS
 * marks it with HELD_PRESS_ATTRIBUTE), and when the app takes over, main.tsx
 * reads the bare page (readBarePage), draws the app over it in the same task
 * and carries what was typed, the focus and the held press into the app's
 * own form (carryInto): takeOver. Loaded only by pages with such a form.
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { HELD_PRESS_ATTRIBUTE } from './bare-page-markers';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement;
type Field = Exclude<Control, HTMLButtonElement>;

const CONTROLS = 'input, textarea, select, button';
/** Inputs whose value is not typed (a file cannot be handed to another input). */
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'hidden', 'file', 'image']);

function controlsIn(root: ParentNode): Control[] {
  return [...root.querySelectorAll<Control>(CONTROLS)];
}

function nameOf(control: Control): string {
  return (
    control.name ||
    control.labels?.[0]?.textContent?.trim() ||
    control.getAttribute('aria-label') ||
    (control instanceof HTMLButtonElement ? (control.textContent?.trim() ?? '') : '')
  );
}

/**
 * Each control's identity in both drawings of the page: its form, its kind,
 * its name (or label, or a button's words) and which of the same it is.
 * Not its place in the tree nor its id (React's ids differ between the
 * prerenderer and the browser): a member signed in is drawn another page,
 * where a control of another meaning may sit in the same place.
 */
function formName(form: HTMLFormElement | null): string {
  return form ? (form.getAttribute('aria-label') ?? form.getAttribute('aria-labelledby') ?? 'form') : '';
}

function keysOf(controls: readonly Control[]): string[] {
  const seen = new Map<string, number>();
  return controls.map((control) => {
    const key = `${formName(control.form)}|${control.tagName}|${control.type}|${nameOf(control)}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    return `${key}|${nth}`;
  });
}

interface Typed {
  key: string;
  value: string;
  checked: boolean;
}

/** What the person changed: the prerendered value is the field's default, as React drew it. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * Sets a field as if the person had typed it, so the app's state follows:
 * through the prototype's setter, not the element's own, which React watches
 * to tell its own writes from a person's; then the event React listens for.
 */
function typeInto(field: Field, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export interface BarePage {
  /** Gives the app's drawing of the page (now in `root`) what the person typed, their focus, and replays their press. */
  carryInto(root: ParentNode): void;
}

/** Reads the bare page in `root` right before the app draws over it (in the same task: no keystroke can come between). */
export function readBarePage(root: ParentNode): BarePage {
  const controls = controlsIn(root);
  const keys = keysOf(controls);
  const typed: Typed[] = [];
  controls.forEach((control, index) => {
    if (control instanceof HTMLButtonElement || NOT_TYPED.has(control.type) || !changed(control)) return;
    typed.push({ key: keys[index]!, value: control.value, checked: control instanceof HTMLInputElement && control.checked });
  });
  const active = document.activeElement;
  const focused = controls.findIndex((control) => control === active);
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection ?? undefined }
      : null;
  const pressed = controls.findIndex((control) => control.hasAttribute(HELD_PRESS_ATTRIBUTE));
  // Enter in a form without a submit button holds the form itself.
  const heldForm = root.querySelector<HTMLFormElement>(`form[${HELD_PRESS_ATTRIBUTE}]`);

  return {
    carryInto(next) {
      const now = controlsIn(next);
      const byKey = new Map(keysOf(now).map((key, index) => [key, now[index]!]));
      for (const { key, value, checked } of typed) {
        const field = byKey.get(key);
        if (!field || field instanceof HTMLButtonElement) continue;
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
          if (field.checked !== checked) field.click();
        } else if (field.value !== value) {
          typeInto(field, value);
        }
      }
      const focus = focused >= 0 ? byKey.get(keys[focused]!) : undefined;
      if (focus) {
        focus.focus({ preventScroll: true });
        // Email and number fields have no selection to set; setting the value left the caret at its end.
        if (selection?.start != null && selection.end != null && (focus instanceof HTMLInputElement || focus instanceof HTMLTextAreaElement) && focus.selectionStart !== null) {
          focus.setSelectionRange(selection.start, selection.end, selection.direction);
        }
      }
      // The press last, on the form as the person left it. A control that is not on the app's page (a member signed in is
      // drawn another page) is not pressed for them: the page they pressed on is gone, and what replaced it is on screen.
      if (pressed >= 0) byKey.get(keys[pressed]!)?.click();
      else if (heldForm) [...next.querySelectorAll('form')].find((form) => formName(form) === formName(heldForm))?.requestSubmit();
    },
  };
}

/**
 * main.tsx's way of starting the app on such a page: from reading the bare
 * page to handing its input to the app's form, one task, so nothing typed
 * can fall between the two drawings.
 */
export function takeOver(root: HTMLElement, app: ReactNode): void {
  const bare = readBarePage(root);
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(app));
  // Before replaying a held press: the page's own script holds presses only until the app has started.
  document.documentElement.setAttribute('data-app', 'started');
  bare.carryInto(root);
}
