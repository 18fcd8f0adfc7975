import { Button, type ButtonProps } from '@mui/material';
import { useOneSubmission } from './useOneSubmission';

export type ActionButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** What the click sends; the button is busy (spinner, disabled) until it settles. */
  onClick: () => Promise<unknown>;
};

/** A button that sends something: one submission per click (useOneSubmission), busy while in flight. */
export function ActionButton({ onClick, loading, ...rest }: ActionButtonProps) {
  const { run, pending } = useOneSubmission(onClick);
  return <Button {...rest} loading={pending || Boolean(loading)} onClick={() => void run()} />;
}
