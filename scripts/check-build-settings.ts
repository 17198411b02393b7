// `npm run build`'s first step: the Supabase settings of a deploy build checked before Gatsby starts, from the
// same environment and .env.production file gatsby-config reads, so a deploy without them stops within a second
// with the message naming them, instead of after Gatsby's start-up. gatsby-node checks again (onPreBootstrap),
// for builds started without npm run build.
import dotenv from 'dotenv';
import { checkBuildConfig } from '../src/lib/deploy-check';

dotenv.config({ path: '.env.production', quiet: true });
const problems = checkBuildConfig(process.env);
if (problems.length > 0) {
  console.error(`The Supabase settings of this build are unsafe:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
