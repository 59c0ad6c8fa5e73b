import { notFoundResponse, uploadImageResponse } from '#app/http/upload-image-response.server.ts'
import { findLogoFile } from '#app/modules/media/logos.server.ts'
import { isLogoHeight, type LogoHeight } from '#app/modules/media/logo.ts'
import type { Route } from './+types/logo'

/** GET /logos/{logoId}/{256|96}: an agency's current logo, to anyone; else 404. Cached as avatars are. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isLogoHeight(params.size)) return notFoundResponse()
  return uploadImageResponse(request, await findLogoFile(params.logoId, Number(params.size) as LogoHeight), params.logoId, params.size)
}
