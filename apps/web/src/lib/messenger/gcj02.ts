/**
 * WGS-84 (what a browser's Geolocation answers) to GCJ-02 (what WeChat and Chinese maps use,
 * spec §9), with the widely published transform: Krasovsky 1940 ellipsoid, the same polynomial
 * offsets every Chinese map SDK applies. Outside mainland China the two systems coincide.
 */
export interface LatLng {
  latitude: number;
  longitude: number;
}

const A = 6378245.0; // Krasovsky semi-major axis (m)
const EE = 0.006693421622965943; // Krasovsky first eccentricity squared

export function isOutsideChina({ latitude, longitude }: LatLng): boolean {
  return longitude < 72.004 || longitude > 137.8347 || latitude < 0.8293 || latitude > 55.8271;
}

function offsetLatitude(x: number, y: number): number {
  let result = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  result += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  result += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  result += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return result;
}

function offsetLongitude(x: number, y: number): number {
  let result = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  result += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  result += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  result += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return result;
}

export function wgs84ToGcj02(point: LatLng): LatLng {
  if (isOutsideChina(point)) return { ...point };
  const { latitude, longitude } = point;
  const x = longitude - 105;
  const y = latitude - 35;
  const radLat = (latitude / 180) * Math.PI;
  const magic = 1 - EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (offsetLatitude(x, y) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng = (offsetLongitude(x, y) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { latitude: latitude + dLat, longitude: longitude + dLng };
}
