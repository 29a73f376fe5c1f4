/** The demo campaign's fixed logins, printed by `npm start`. */
export const DEMO_LOGINS = [
  { email: 'admin@example.com', password: 'Admin@2082', first_name: 'Demo', last_name: 'Admin', role: 'Super Admin', branch: null },
  { email: 'office@example.com', password: 'Office@2082', first_name: 'Head', last_name: 'Office', role: 'Head Office', branch: null },
  { email: 'manager@example.com', password: 'Manager@2082', first_name: 'Branch', last_name: 'Manager', role: 'Branch Manager', branch: 0 },
  { email: 'staff@example.com', password: 'Staff@2082', first_name: 'Branch', last_name: 'Staff', role: 'Branch Staff', branch: 0 },
  { email: 'staff2@example.com', password: 'Staff@2082', first_name: 'Second', last_name: 'Staff', role: 'Branch Staff', branch: 1 },
] as const;

/** About ten showrooms over several provinces; names follow the geography seed. */
export const DEMO_BRANCHES = [
  { title: 'Kathmandu Motors', state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City', location: 'Teku Road', phone: '01-4251234', mobile: '9851012345' },
  { title: 'Lalitpur Auto Hub', state: 'Bagmati', district: 'Lalitpur', city: 'Lalitpur Metropolitan City', location: 'Kupondole', phone: '01-5521234', mobile: '9851023456' },
  { title: 'Pokhara Wheels', state: 'Gandaki', district: 'Kaski', city: 'Pokhara Metropolitan City', location: 'Newroad', phone: '061-531234', mobile: '9856012345' },
  { title: 'Biratnagar Bikes', state: 'Koshi', district: 'Morang', city: 'Biratnagar Metropolitan City', location: 'Main Road', phone: '021-521234', mobile: '9852012345' },
  { title: 'Dharan Riders', state: 'Koshi', district: 'Sunsari', city: 'Dharan Sub-Metropolitan City', location: 'Bhanu Chowk', phone: '025-521234', mobile: '9852023456' },
  { title: 'Birgunj Moto Centre', state: 'Madhesh', district: 'Parsa', city: 'Birgunj Metropolitan City', location: 'Adarsha Nagar', phone: '051-521234', mobile: '9855012345' },
  { title: 'Bharatpur Motors', state: 'Bagmati', district: 'Chitwan', city: 'Bharatpur Metropolitan City', location: 'Narayangadh Chowk', phone: '056-521234', mobile: '9855023456' },
  { title: 'Butwal Auto World', state: 'Lumbini', district: 'Rupandehi', city: 'Butwal Sub-Metropolitan City', location: 'Traffic Chowk', phone: '071-541234', mobile: '9857012345' },
  { title: 'Nepalgunj Two Wheelers', state: 'Lumbini', district: 'Banke', city: 'Nepalgunj Sub-Metropolitan City', location: 'Surkhet Road', phone: '081-521234', mobile: '9858012345' },
  { title: 'Dhangadhi Motors', state: 'Sudurpashchim', district: 'Kailali', city: 'Dhangadhi Sub-Metropolitan City', location: 'Chauraha', phone: '091-521234', mobile: '9858023456' },
];
