import NextAuth from "next-auth";
import { clientIp } from "@/server/platform/http/client-ip";
import { authOptions } from "@/server/identity/auth/session/auth-options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are built per request so that `next build` reads no secret.
function handler(request: Request, context: RouteContext) {
  return NextAuth(request as never, context as never, authOptions({ ip: clientIp(request.headers) }));
}

export { handler as GET, handler as POST };
