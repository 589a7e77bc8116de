import { z } from "zod";
import { LICENSE_FEATURES } from "./license";

export const licenseResponse = z.object({ features: z.array(z.object({ name: z.enum(LICENSE_FEATURES), enabled: z.boolean() })) });
