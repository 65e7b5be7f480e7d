import { Box, Skeleton, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/**
 * The EPC QR code (SEPA credit transfer) as an SVG image, drawn by `qrcode`,
 * which is loaded only when a code is shown (never on a public page). The
 * payload comes from the shared EPC module, so it is the one the PDF prints.
 */
export function EpcQrCode({ payload, label }: { payload: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // EPC069-12 asks for error correction level M.
    import('qrcode')
      .then((qr) => qr.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((text) => live && setSvg(text))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [payload]);
  if (failed) return <Text color="fg.muted">The QR code could not be drawn; use the bank details beside it.</Text>;
  if (!svg) return <Skeleton boxSize="40" aria-hidden="true" />;
  return (
    <Box boxSize="40" bg="white" borderWidth="1px" borderRadius="md" flexShrink={0}>
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={160} height={160} data-testid="epc-qr-code" />
    </Box>
  );
}
