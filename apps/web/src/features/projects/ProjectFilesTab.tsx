import { ProjectFiles } from './files/ProjectFiles';
import { useProjectDetail } from './ProjectLayout';

/** The project's files and their versions: upload, download through signed URLs, manage. */
export default function ProjectFilesTab() {
  const { project, files, permissions } = useProjectDetail();
  return <ProjectFiles project={project} files={files} permissions={permissions} />;
}
