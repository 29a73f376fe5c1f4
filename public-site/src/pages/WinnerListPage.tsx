/** Placeholder until its step lands. */
export default function WinnerListPage() {
  return <main id="main" className="page"><h1>Winners</h1></main>;
}
