/** One progress line on the terminal (rewritten in place; a line a second when not a terminal). */
export function progressLine(label: string): { update(bytes: number, entries?: number): void; done(text: string): void } {
  const started = Date.now();
  let shown = 0;
  const tty = process.stderr.isTTY;
  const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const seconds = () => ((Date.now() - started) / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return {
    update(bytes, entries) {
      const now = Date.now();
      if (now - shown < (tty ? 200 : 1000)) return;
      shown = now;
      const line = `${label}: ${megabytes(bytes)} MB${entries === undefined ? '' : `, ${entries} itens`} (${seconds()} s)`;
      process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
    },
    done(text) {
      process.stderr.write(`${tty ? '\r\x1b[K' : ''}${text} (${seconds()} s)\n`);
    },
  };
}
