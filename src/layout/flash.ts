/** A row that appeared since the previous poll flashes twice (docs/rules/screens.md: new missions flash). */
import { keyframes } from '@mui/material/styles';

const flash = keyframes`
  0%, 50%, 100% { background-color: transparent; }
  25%, 75% { background-color: rgba(255, 193, 7, 0.35); }
`;

export const flashSx = (isFlashing: boolean) => (isFlashing ? { animation: `${flash} 1.6s ease-in-out 2` } : {});
