import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import { useEffect, useMemo } from 'react';
import type { AppDataProvider } from '../../dataProvider';
import type { Attachment } from '../../domain/missionDetails';
import { useOpenMissionFile } from '../chat/useMissionFile';

/** An attachment's image preview (fetched with the token; an <img src> cannot send it) or a PDF button. */
export function AttachmentPreview({ attachment }: { attachment: Attachment }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const open = useOpenMissionFile();
  const isImage = attachment.mime.startsWith('image/');
  const { data } = useQuery({
    queryKey: ['missionFile', attachment.file],
    queryFn: () => dataProvider.missionFile('attachments', attachment.file),
    enabled: isImage,
    staleTime: Infinity,
  });
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const openIt = () => void open.run('attachments', attachment.file);
  if (isImage && url) {
    return (
      <Button onClick={openIt} disabled={open.pending} sx={{ p: 0 }} aria-label={`Abrir ${attachment.description}`}>
        <img src={url} alt={attachment.description} style={{ maxWidth: 96, maxHeight: 64, objectFit: 'cover' }} />
      </Button>
    );
  }
  return (
    <Button size="small" onClick={openIt} loading={open.pending}>
      {isImage ? 'Imagem' : 'PDF'}
    </Button>
  );
}
