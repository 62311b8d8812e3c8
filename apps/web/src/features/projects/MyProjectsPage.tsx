import ProjectsPage from './ProjectsPage';

/** The signed-in user's projects: those they are a member of or contribute to. */
export default function MyProjectsPage() {
  return <ProjectsPage mine />;
}
