/**
 * WeChat's scanQRCode answers a bar code as "<symbology>,<digits>" (e.g. "CODE_128,1234567890")
 * and a QR code as its text. Keep only the code itself; a QR text that happens to contain a comma
 * is left alone because its first part is not an upper-case symbology name.
 */
export function stripSymbology(resultStr: string): string {
  const match = /^([A-Z][A-Z0-9_]*),(.+)$/s.exec(resultStr.trim());
  return match ? match[2]!.trim() : resultStr.trim();
}
