/** Row action 'map': the mission's pin with its info window and a link to an external maps service. */
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button, Link, Typography } from '@mui/material';
import type { MissionRow } from '../../domain/missions';
import { LazyMap } from './LazyMap';
import { MissionDialog } from './MissionDialog';
import { externalMapUrl, type LatLng } from './mapConfig';
import { missionReference } from './rowActionLabels';

export function MissionMapDialog({ row, onClose }: { row: MissionRow; onClose: () => void }) {
  const position: LatLng = [row.location.latitude, row.location.longitude];
  const where = `${row.location.address}, ${row.location.number} — ${row.location.neighborhood}, ${row.location.city}/${row.location.state}`;
  const external = (
    <Link href={externalMapUrl(position)} target="_blank" rel="noopener noreferrer">
      Abrir no OpenStreetMap <OpenInNew fontSize="inherit" />
    </Link>
  );
  return (
    <MissionDialog
      title={`Mapa — Missão ${missionReference(row)}`}
      onClose={onClose}
      actions={<Button onClick={onClose}>Fechar</Button>}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {where}
      </Typography>
      <LazyMap
        center={position}
        height={420}
        pins={[
          {
            key: row._id,
            position,
            info: (
              <>
                <strong>{row.processNumber ?? 'Missão'}</strong>
                <br />
                {where}
                <br />
                {external}
              </>
            ),
          },
        ]}
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {external}
      </Typography>
    </MissionDialog>
  );
}
