import { useParams } from 'react-router';
import { NodeEditPage, NodeNewPage } from '../../../features/nodes/NodeEditPage';
import { NodePage } from '../../../features/nodes/NodePage';
import { nodeScreen } from '../../../features/nodes/node-paths';
import { RequirePermission } from '../../RequirePermission';

/**
 * Everything under /nodes: a node's page by its path, and its `new` and `edit` pages
 * (segments no node may have), which need manageSchema.
 */
export default function NodeRoute() {
  const { '*': rest = '' } = useParams();
  const screen = nodeScreen(rest);
  if (screen.screen === 'view') return <NodePage path={screen.path} />;
  return (
    <RequirePermission permission="manageSchema">
      {screen.screen === 'new' ? <NodeNewPage parent={screen.parent} /> : <NodeEditPage path={screen.path} />}
    </RequirePermission>
  );
}
