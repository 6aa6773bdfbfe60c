# Sourced by ops/image-test.sh and ops/stack-test.sh: podman's flags for this kind of machine,
# a free port, the Debian base image made from Debian's packages, and the platform's image.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="${BASE_IMAGE:-localhost/platform-base:bookworm}"
# This machine's kernel runs without CAP_SYS_RESOURCE and with hybrid cgroups: runc, and
# limits no higher than the caller's. Override PODMAN_FLAGS elsewhere.
limit="$(ulimit -n)"; limit=$(( limit < 4096 ? limit : 4096 ))
flags=(${PODMAN_FLAGS:---runtime runc --network host --ulimit nofile=$limit:$limit --ulimit nproc=4096:4096})
# The machine's CA bundle goes to the builds' downloads (a TLS-re-signing proxy's CA).
ca="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

ensure_base() {
    if ! podman image exists "$base"; then
        echo "== $(date -u +%T) base image from Debian's packages (mmdebstrap bookworm)"
        mmdebstrap --variant=minbase --include=ca-certificates bookworm - | podman import - "$base"
    fi
}

# build_platform IMAGE API_URL: the Containerfile on that base, its pages opening their
# websocket to API_URL.
build_platform() {
    local trust=()
    [ -f "$ca" ] && trust=(-v "$ca:/run/build-ca.crt:ro" --build-arg CA_BUNDLE=/run/build-ca.crt)
    echo "== $(date -u +%T) build $1"
    podman build "${flags[@]}" "${trust[@]}" --format docker -f "$root/Containerfile" \
        --build-arg BASE_IMAGE="$base" --build-arg API_URL="$2" -t "$1" "$root"
}
