import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

const DESCRIPTION = `Trove: multi-tenant knowledge retrieval. Every route needs \`Authorization: Bearer <API key>\`
except /healthz, /readyz, /docs and /openapi.json. Errors answer
\`{"detail":{"success":false,"message":"...","error_code":"...","errors":[{"field","message"}]}}\`.`;

/** The OpenAPI document at /openapi.json and Swagger UI at /docs, built from the validating DTOs. */
export function setupOpenApi(app: INestApplication, version: string): void {
  const config = new DocumentBuilder()
    .setTitle('Trove API')
    .setDescription(DESCRIPTION)
    .setVersion(version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key: sk_live_…' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}
