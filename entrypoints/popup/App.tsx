// Placeholder popup: the mention list arrives with issue "The popup".
export function App() {
  return (
    <main>
      <h1>Mention Monitor</h1>
      <p>New mentions will appear here.</p>
    </main>
  );
}
