/** The second BS table the tests check ours against (the package ships no types). */
declare module 'bikram-sambat' {
  /** An AD day 'YYYY-MM-DD' as its BS day 'YYYY-MM-DD'. */
  export function toBik_euro(ad: string): string;
}
