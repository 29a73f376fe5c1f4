/** The booking dialog's two types: TESTRIDE and BOOKING (a bike booking). */
export function bookingTypeLabel(type: unknown): string {
  if (type === 'TESTRIDE') return 'Test Ride';
  if (type === 'BOOKING') return 'Bike Booking';
  return typeof type === 'string' && type ? type : '—';
}
