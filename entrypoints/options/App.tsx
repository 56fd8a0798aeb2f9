// Placeholder options page: connection and projects arrive with issue "The options page".
export function App() {
  return (
    <main>
      <h1>Mention Monitor options</h1>
      <p>Connection and project settings will appear here.</p>
    </main>
  );
}
