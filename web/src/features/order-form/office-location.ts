/** Thai alerts of §5: arrive at the office first (not to block others' orders); enable location. */
export const TOO_FAR_MESSAGE = 'กรุณามาถึงออฟฟิศก่อนสั่งเครื่องดื่ม เพื่อไม่ให้เป็นการกั้นคิวของคนอื่น';
export const LOCATION_DISABLED_MESSAGE = 'กรุณาเปิดการเข้าถึงตำแหน่ง (Location) ในเบราว์เซอร์ก่อนสั่งเครื่องดื่ม';

export class LocationUnavailable extends Error {}

export function currentLocation(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocationUnavailable('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (err) => reject(new LocationUnavailable(err.message)),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
