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
  { title: 'Kathmandu Motors', title_ne: 'काठमाडौं मोटर्स', state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City', location: 'Teku Road', location_ne: 'टेकु रोड', phone: '01-4251234', mobile: '9851012345' },
  { title: 'Lalitpur Auto Hub', title_ne: 'ललितपुर अटो हब', state: 'Bagmati', district: 'Lalitpur', city: 'Lalitpur Metropolitan City', location: 'Kupondole', location_ne: 'कुपण्डोल', phone: '01-5521234', mobile: '9851023456' },
  { title: 'Pokhara Wheels', title_ne: 'पोखरा ह्विल्स', state: 'Gandaki', district: 'Kaski', city: 'Pokhara Metropolitan City', location: 'Newroad', location_ne: 'न्युरोड', phone: '061-531234', mobile: '9856012345' },
  { title: 'Biratnagar Bikes', title_ne: 'विराटनगर बाइक्स', state: 'Koshi', district: 'Morang', city: 'Biratnagar Metropolitan City', location: 'Main Road', location_ne: 'मेन रोड', phone: '021-521234', mobile: '9852012345' },
  { title: 'Dharan Riders', title_ne: 'धरान राइडर्स', state: 'Koshi', district: 'Sunsari', city: 'Dharan Sub-Metropolitan City', location: 'Bhanu Chowk', location_ne: 'भानु चोक', phone: '025-521234', mobile: '9852023456' },
  { title: 'Birgunj Moto Centre', title_ne: 'वीरगन्ज मोटो सेन्टर', state: 'Madhesh', district: 'Parsa', city: 'Birgunj Metropolitan City', location: 'Adarsha Nagar', location_ne: 'आदर्श नगर', phone: '051-521234', mobile: '9855012345' },
  { title: 'Bharatpur Motors', title_ne: 'भरतपुर मोटर्स', state: 'Bagmati', district: 'Chitwan', city: 'Bharatpur Metropolitan City', location: 'Narayangadh Chowk', location_ne: 'नारायणगढ चोक', phone: '056-521234', mobile: '9855023456' },
  { title: 'Butwal Auto World', title_ne: 'बुटवल अटो वर्ल्ड', state: 'Lumbini', district: 'Rupandehi', city: 'Butwal Sub-Metropolitan City', location: 'Traffic Chowk', location_ne: 'ट्राफिक चोक', phone: '071-541234', mobile: '9857012345' },
  { title: 'Nepalgunj Two Wheelers', title_ne: 'नेपालगन्ज टु ह्विलर्स', state: 'Lumbini', district: 'Banke', city: 'Nepalgunj Sub-Metropolitan City', location: 'Surkhet Road', location_ne: 'सुर्खेत रोड', phone: '081-521234', mobile: '9858012345' },
  { title: 'Dhangadhi Motors', title_ne: 'धनगढी मोटर्स', state: 'Sudurpashchim', district: 'Kailali', city: 'Dhangadhi Sub-Metropolitan City', location: 'Chauraha', location_ne: 'चौराहा', phone: '091-521234', mobile: '9858023456' },
];
