import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../src/layout/ErrorBoundary';
import { pageReloader } from '../../src/layout/ErrorFallback';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('boom');
  return <p>tudo certo</p>;
}

function Harness() {
  const [page, setPage] = useState('a');
  return (
    <>
      <button onClick={() => setPage('b')}>outra página</button>
      <ErrorBoundary resetKey={page}>
        <Bomb explode={page === 'a'} />
      </ErrorBoundary>
    </>
  );
}

describe("'Erro inesperado' fallback", () => {
  it('replaces a crashed screen, reloads on Recarregar, and clears when the route changes', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Erro inesperado' })).toBeInTheDocument();
    expect(screen.getByText('Algo deu errado. Tente recarregar a página.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(reload).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'outra página' }));
    expect(screen.getByText('tudo certo')).toBeInTheDocument();
    expect(screen.queryByText('Erro inesperado')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });
});
