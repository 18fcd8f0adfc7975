/**
 * DecimalInput (src/layout/DecimalInput.tsx): a decimal typed the Brazilian way. The comma stays as
 * typed while the form holds the number; an emptied field holds null; text that is no number is
 * held as it is, for the schema to refuse; a value set from outside is shown with a comma.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DecimalInput } from '../../src/layout/DecimalInput';

function Harness({ initial, held }: { initial: unknown; held: unknown[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <DecimalInput
        label="Fator de estrada"
        value={value}
        onChange={(next) => {
          held.push(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue(2.5)}>
        Restaurar
      </button>
    </>
  );
}

describe('DecimalInput', () => {
  it("holds 1.4 for '1,4' (and for '1.4'), keeps '1,' while typing, null when emptied, the text when it is no number", async () => {
    const held: unknown[] = [];
    render(<Harness initial={null} held={held} />);
    const user = userEvent.setup();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Fator de estrada' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.type(input, '1,');
    expect(input.value).toBe('1,');
    expect(held.at(-1)).toBe(1);
    await user.type(input, '4');
    expect(input.value).toBe('1,4');
    expect(held.at(-1)).toBe(1.4);
    await user.clear(input);
    expect(held.at(-1)).toBeNull();
    await user.type(input, '1.4');
    expect(held.at(-1)).toBe(1.4);
    await user.clear(input);
    await user.type(input, '1,4,5');
    expect(held.at(-1)).toBe('1,4,5');
    expect(input.value).toBe('1,4,5');
  });

  it('shows a value set from outside with a decimal comma', async () => {
    render(<Harness initial={1.3} held={[]} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Fator de estrada' });
    expect(input.value).toBe('1,3');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restaurar' }));
    expect(input.value).toBe('2,5');
  });
});
