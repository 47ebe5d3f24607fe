#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for tests and demos.
#
#   slurm/local-cluster.sh start    install (Debian packages) and start munge, slurmctld, slurmd
#   slurm/local-cluster.sh stop     stop exactly the daemons that 'start' started
#   slurm/local-cluster.sh status   show the node and the queue
#
# Everything lives under $NQUEENS_SLURM_DIR (default /tmp/nqueens-slurm): a
# generated slurm.conf, a fresh state directory each start, logs and pid
# files. No systemd is needed and no accounting database is used: watch jobs
# with squeue and scontrol. Must run as root (the daemons switch users).
set -euo pipefail

dir=${NQUEENS_SLURM_DIR:-/tmp/nqueens-slurm}
conf=$dir/slurm.conf

log() { printf 'local-cluster: %s\n' "$*" >&2; }

install_packages() {
    local missing=()
    for tool in slurmctld slurmd sbatch munged; do
        command -v "$tool" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
    done
    [ ${#missing[@]} -eq 0 ] && return
    log "installing slurmctld slurmd slurm-client munge"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
}

start_munge() {
    # One munge key and daemon per cluster directory, run as the munge user,
    # who must be able to reach it.
    install -d -m 0755 "$dir"
    install -d -o munge -g munge -m 0700 "$dir/munge" "$dir/munge/run"
    if [ ! -f "$dir/munge/munge.key" ]; then
        dd if=/dev/urandom bs=1 count=1024 of="$dir/munge/munge.key" status=none
        chown munge:munge "$dir/munge/munge.key"
        chmod 0400 "$dir/munge/munge.key"
    fi
    runuser -u munge -- /usr/sbin/munged \
        --key-file="$dir/munge/munge.key" \
        --socket="$dir/munge/run/munge.socket" \
        --pid-file="$dir/munge/run/munged.pid" \
        --log-file="$dir/munge/munged.log" \
        --seed-file="$dir/munge/munged.seed" \
        --force
    cp "$dir/munge/run/munged.pid" "$dir/munged.pid"
}

write_conf() {
    local host cpus memory
    host=$(hostname -s)
    cpus=$(nproc)
    memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
    cat > "$conf" <<CONF
ClusterName=nqueens
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
AuthInfo=socket=$dir/munge/run/munge.socket
StateSaveLocation=$dir/state/ctld
SlurmdSpoolDir=$dir/state/d
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0,sched_interval=1
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

start() {
    [ "$(id -u)" -eq 0 ] || { log "must run as root"; exit 1; }
    if [ -f "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
        log "already running (stop it first)"
        exit 1
    fi
    install_packages
    rm -rf "$dir/state"
    mkdir -p "$dir/state/ctld" "$dir/state/d"
    start_munge
    write_conf
    /usr/sbin/slurmctld -f "$conf"
    /usr/sbin/slurmd -f "$conf"
    # Wait for the node to take work.
    for _ in $(seq 1 60); do
        if SLURM_CONF=$conf sinfo -h -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
            log "up: export SLURM_CONF=$conf"
            return
        fi
        sleep 0.5
    done
    log "the node did not come up; see $dir/slurmctld.log and $dir/slurmd.log"
    exit 1
}

stop_daemon() {
    local name=$1 pidfile=$dir/$1.pid
    [ -f "$pidfile" ] || return 0
    local pid
    pid=$(cat "$pidfile")
    if kill -0 "$pid" 2>/dev/null; then
        kill "$pid"
        for _ in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$pidfile"
    log "stopped $name"
}

stop() {
    stop_daemon slurmd
    stop_daemon slurmctld
    stop_daemon munged
}

status() {
    SLURM_CONF=$conf sinfo
    SLURM_CONF=$conf squeue
}

case ${1:-} in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
