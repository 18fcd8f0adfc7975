/**
 * The shared one-submission-per-click mechanism (src/layout/useOneSubmission, ActionButton): a
 * second call while the first is in flight sends nothing, whatever React has rendered by then; the
 * button is busy until the action settles, and usable again afterwards, also after a failure.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionButton } from '../../src/layout/ActionButton';
import { useFormSubmission, useOneSubmission } from '../../src/layout/useOneSubmission';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useOneSubmission', () => {
  it('runs once when called twice before anything re-rendered, and again once settled', async () => {
    const first = deferred();
    const action = vi.fn(() => first.promise);
    const { result } = renderHook(() => useOneSubmission(action));
    const run = result.current.run;
    let calls: Promise<unknown>[] = [];
    act(() => {
      // Both calls in the same task, with the same (stale) `run`: what a double click delivers.
      calls = [run(), run()];
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(true);
    await act(async () => {
      first.resolve();
      await Promise.all(calls);
    });
    expect(result.current.pending).toBe(false);
    await act(async () => {
      await result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('a failure reaches the caller and frees the next submission', async () => {
    const failing = deferred();
    const action = vi.fn(() => failing.promise);
    const { result } = renderHook(() => useOneSubmission(action));
    let call: Promise<unknown> = Promise.resolve();
    act(() => {
      call = result.current.run();
    });
    failing.reject(new Error('recusado'));
    await act(async () => {
      await expect(call).rejects.toThrow('recusado');
    });
    expect(result.current.pending).toBe(false);
    action.mockResolvedValueOnce(undefined);
    await act(async () => {
      await result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(2);
  });

  it("a form's second submit while the first is in flight is stopped too (no page reload) and sends nothing", () => {
    const pending = deferred();
    const action = vi.fn(() => pending.promise);
    const { result } = renderHook(() => useFormSubmission(action));
    const events = [new Event('submit', { cancelable: true }), new Event('submit', { cancelable: true })];
    act(() => {
      for (const event of events) result.current.onSubmit(event as unknown as React.FormEvent);
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(events.map((e) => e.defaultPrevented)).toEqual([true, true]);
  });
});

describe('ActionButton', () => {
  it('is busy (disabled) while its action is in flight, and sends once for two clicks', async () => {
    const sent = deferred();
    const action = vi.fn(() => sent.promise);
    render(<ActionButton onClick={action}>Enviar</ActionButton>);
    const button = screen.getByRole('button', { name: 'Enviar' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    await act(async () => {
      sent.resolve();
      await sent.promise;
    });
    expect(button).toBeEnabled();
  });
});
