# One image for every role (api, projector, worker); ROLE chooses. Node 24 runs the TypeScript
# sources directly (type stripping), so there is no build step to drift from the tested code.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts=false && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
# pdftotext for PDFs, LibreOffice for legacy .ppt/.doc/.xls, ffmpeg for lecture audio.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      poppler-utils ffmpeg libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY main.ts ./
COPY domain ./domain
COPY commands ./commands
COPY projections ./projections
COPY http ./http
COPY workers ./workers
COPY infrastructure ./infrastructure
COPY cli ./cli
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A small young generation keeps memory flat while large uploads stream through (see README, Limits).
CMD ["node", "--max-semi-space-size=2", "main.ts"]
