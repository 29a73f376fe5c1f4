/**
 * argon2id hashes of the demo logins' published passwords (DEMO_LOGINS), made once: hashing
 * five passwords at 64 MiB each was a third of a first `npm start` (docs/benchmarks.md). The
 * passwords are public demo credentials and production never seeds the demo. A unit test
 * checks each hash against its password; a password missing here is hashed at seed time.
 */
export const DEMO_PASSWORD_HASHES: Readonly<Record<string, string>> = {
  'Admin@2082': '$argon2id$v=19$m=65536,p=4,t=3$JedrSJWctneLQk89LtLaTg$Wk/nBPKZK+YIuUewADqbNe6gxAlwW69cxpNGVl0tj2w',
  'Office@2082': '$argon2id$v=19$m=65536,p=4,t=3$bafjgqBsZclwO3RnJhk2vw$2SjrkdTaVJDyvTSka8tAu50sN7K09OFpAu6bX1eunr4',
  'Manager@2082': '$argon2id$v=19$m=65536,p=4,t=3$WDHT/AsXeh2G/eKr0utVYg$dd1UgaWoX7tZSHDpXOKWscX9IQzF8IqC6tTxlBLDc7o',
  'Staff@2082': '$argon2id$v=19$m=65536,p=4,t=3$Lxs7V1ySThnbmYBb85BRmA$jLE9N9+KHbEsYyo/09aKUpECQSbh9iIr/UGyHoKRqZE',
};
