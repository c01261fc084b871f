import { Lobby } from './components/Lobby.js';
import { ReplayPage } from './components/ReplayPage.js';
import { RulesPage } from './components/RulesPage.js';
import { TablePage } from './components/TablePage.js';
import { navigate, useRoute } from './router.js';
import { useContentReady } from './games/index.js';

export function App() {
  const route = useRoute();
  // A server playing a content variant: its cards are drawn from that content (games/index.ts).
  const ready = useContentReady();
  if (!ready) return <main className="page" aria-busy="true" />;
  switch (route.page) {
    case 'lobby':
      return <Lobby />;
    case 'table':
      return <TablePage key={route.id} id={route.id} inviteSeat={route.inviteSeat} />;
    case 'rules':
      return <RulesPage game={route.game} />;
    case 'replay':
      return <ReplayPage key={route.id} id={route.id} />;
    case 'missing':
      return (
        <main className="page">
          <div className="panel">
            <h2>Nothing at {route.path}</h2>
            <button type="button" className="btn" onClick={() => navigate('/')}>
              Back to the lobby
            </button>
          </div>
        </main>
      );
  }
}
